// The ceiling of the HTTP benchmark: a Fastify route answering what GET /api/notifications/unread-count
// answers, with no auth, no database and no plugins. Whatever the clinic adds is measured against it.
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 3453);
const app = Fastify({ logger: false });
app.get('/health', async () => 'ok');
app.get('/unread-count', async () => ({ count: 0 }));

await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
