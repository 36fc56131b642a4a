/** The signed-in user's notifications. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MarkNotificationsReadSchema, NotificationListSchema } from '../../domain/contract/session';
import { currentUser } from '../auth/guard';
import { listNotifications, markNotificationsRead } from '../services/notifications/notifications';
import { json } from './answers';
import type { RouteDeps } from './route-deps';

export const notificationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database }) => {
  const { db } = database;
  app.get(
    '/notifications.json',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Newest notifications first, with the unread count',
        response: { 200: json('The latest 50 notifications and the unread count', NotificationListSchema) },
      },
    },
    async (request) => listNotifications(db, currentUser(request).id),
  );

  app.post(
    '/notifications/mark_read.json',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark the given notifications (or all) read',
        body: MarkNotificationsReadSchema,
        response: { 200: json('The notifications after marking them read', NotificationListSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await markNotificationsRead(db, user.id, request.body.notification_ids);
      return listNotifications(db, user.id);
    },
  );
};
