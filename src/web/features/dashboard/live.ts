import type { DashboardChangedEvent } from '../../../shared/dashboard';
import { eventOfType } from '../../../shared/realtime';

/**
 * Kept apart from api.ts and the screens so the notification socket, which every page loads, reaches only this:
 * the dashboard's query key and the server's push that it changed.
 */
export const dashboardKeys = { mine: ['/api/dashboard'] as const };

export const isDashboardChanged = eventOfType<DashboardChangedEvent>('dashboard_changed');
