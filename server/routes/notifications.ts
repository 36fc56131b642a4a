/** The signed-in user's notifications. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MarkGroupReadSchema,
  NotificationGroupsQuerySchema,
  NotificationGroupsSchema,
  UnreadCountSchema,
} from '../../domain/contract/notifications';
import { MarkNotificationsReadSchema, NotificationListSchema } from '../../domain/contract/session';
import { currentUser } from '../auth/guard';
import { listNotificationGroups, markGroupRead } from '../services/notifications/notification-groups';
import { listNotifications, markNotificationsRead } from '../services/notifications/notifications';
import { json, refusals } from './answers';
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
        summary:
          "Mark the given notifications (or, with no ids, all the caller's) read; repeating it changes nothing",
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

  app.get(
    '/notifications/groups.json',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The notifications grouped by order item and kind, newest group first (unread or all)',
        querystring: NotificationGroupsQuerySchema,
        response: {
          200: json('Up to 30 groups, each with its newest 5 notifications', NotificationGroupsSchema),
        },
      },
    },
    async (request) => listNotificationGroups(db, currentUser(request).id, request.query.filter),
  );

  app.post(
    '/notifications/mark_group_read.json',
    {
      schema: {
        tags: ['notifications'],
        summary: "Mark one group (order item and kind) of the caller's notifications read",
        body: MarkGroupReadSchema,
        response: { 200: json('The unread count left', UnreadCountSchema), ...refusals(404) },
      },
    },
    async (request) => markGroupRead(db, currentUser(request).id, request.body),
  );
};
