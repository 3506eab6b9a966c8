import { randomUUID } from 'node:crypto';
import {
  DESKTOP_PRIORITIES,
  NOTIFICATION_TYPE_LABELS,
  type Notification,
  type NotificationPriority,
  type NotificationType,
} from '../../../shared/notifications';
import type { Db } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import * as accounts from '../accounts/service';
import { preferenceFor } from './preferences-service';
import * as repository from './repository';

type Ctx = Pick<AppContext, 'db' | 'events' | 'mailer' | 'config'>;

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

export type RaiseInput = {
  type: NotificationType;
  title: string;
  message: string;
  priority: NotificationPriority;
  actionUrl?: string | null;
  /** Ids and the like for the raising feature; never health content. */
  data?: Record<string, string | number | boolean | null>;
  /**
   * The first sentence of the email, when the person wants one. It must hold no health content; without
   * it the email names only the kind of notification.
   */
  emailText?: string;
  /**
   * The raising feature has already emailed the person a fuller message of its own (an invoice with its
   * figures and link), so the notification's pointer email would only repeat it.
   */
  emailedSeparately?: boolean;
};

function toNotification(row: repository.NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    priority: row.priority,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    actionUrl: row.actionUrl,
  };
}

/**
 * How features tell a person something: honours the person's preference for the type, stores and pushes
 * it in the portal, and emails a content-free pointer to the portal. Returns the stored notification, if any.
 */
export async function raise(ctx: Ctx, userId: string, input: RaiseInput): Promise<Notification | null> {
  // Both lookups at once: raise() runs for every message, right behind the recipient's live push.
  const [person, preference] = await Promise.all([
    accounts.findAccountById(ctx.db, userId),
    preferenceFor(ctx.db, userId, input.type),
  ]);
  if (!person?.isActive) return null;
  let notification: Notification | null = null;
  if (preference.inApp) {
    const row = await repository.insertNotification(ctx.db, {
      id: randomUUID(),
      userId,
      type: input.type,
      title: input.title,
      message: input.message,
      priority: input.priority,
      actionUrl: input.actionUrl ?? null,
      data: input.data ?? null,
    });
    notification = toNotification(row);
    ctx.events.publish('notification.created', {
      userId,
      notification,
      delivery: {
        desktop: preference.desktop && DESKTOP_PRIORITIES.includes(input.priority),
        sound: preference.sound,
      },
    });
  }
  if (preference.email && !input.emailedSeparately) {
    const link = `${ctx.config.appUrl.replace(/\/$/, '')}${input.actionUrl?.startsWith('/') ? input.actionUrl : '/'}`;
    const opening =
      input.emailText ??
      `You have a new notification in the Clinic Portal: ${NOTIFICATION_TYPE_LABELS[input.type]}.`;
    await ctx.mailer.send({
      to: person.email,
      subject: `Clinic Portal: ${NOTIFICATION_TYPE_LABELS[input.type]}`,
      text: `Hello ${person.firstName},\n\n${opening} Sign in to the portal to read it:\n${link}\n\nClinic Portal`,
    });
  }
  return notification;
}

export async function listNotifications(db: Db, userId: string, query: { before?: string; limit: number }) {
  if (query.before && !(await repository.findNotification(db, userId, query.before)))
    throw notFound(NOTIFICATION_NOT_FOUND);
  const rows = await repository.listNotifications(db, { userId, beforeId: query.before, limit: query.limit });
  return rows.map(toNotification);
}

export async function unreadCount(db: Db, userId: string) {
  return { count: await repository.countUnread(db, userId) };
}

export async function markRead(db: Db, userId: string, id: string) {
  const row = await repository.markRead(db, userId, { id, at: new Date() });
  if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
  return toNotification(row);
}

export async function markAllRead(db: Db, userId: string) {
  return { count: await repository.markAllRead(db, userId, new Date()) };
}

export async function archive(db: Db, userId: string, id: string) {
  const row = await repository.archive(db, userId, { id, at: new Date() });
  if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
  return toNotification(row);
}
