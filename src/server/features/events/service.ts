/** Events as the routes and other features see them: the member's side and the admin's. */

export * from './admin/service';
export * from './member/seats';
export * from './member/service';
