import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';

export type Ctx = Pick<AppContext, 'db' | 'mailer' | 'log' | 'events'>;
export const conflict = (message: string) => new AppError('CONFLICT', message);
