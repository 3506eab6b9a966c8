import { z } from 'zod';
import { ROLES } from './vocabulary/roles';

export * from './vocabulary/roles';

export const RoleSchema = z.enum(ROLES);
