import { z } from 'zod';
import { UserSchema } from './auth';

export const UserIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'id must be a UUID' }) });
export const AdminUserResponseSchema = z.object({ user: UserSchema });
export type AdminUserResponse = z.infer<typeof AdminUserResponseSchema>;
