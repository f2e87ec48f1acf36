import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { memberChannel } from '../../common/likes.ts';
import { creditLedger, users } from '../db/schema/index.ts';
import { AppError } from '../lib/app-error.ts';
import type { TServices } from '../services.ts';

/**
 * Development only (never registered in production, see app.ts): grants credits to an account by email, with its
 * ledger row, so journeys can try paid features before a purchase exists.
 */
export async function devCreditsRoutes(app: FastifyInstance, { services }: { services: TServices }) {
  const { db } = services.database;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/dev/credits.json',
    {
      schema: {
        hide: true,
        body: z.object({ email: z.email(), credits: z.number().int().min(1).max(100_000) }),
        response: { 200: z.object({ credits: z.number().int() }) },
      },
    },
    async (request) => {
      const { email, credits } = request.body;
      const granted = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ credits: sql`${users.credits} + ${credits}` })
          .where(eq(users.email, email.toLowerCase()))
          .returning({ id: users.id, credits: users.credits, profileId: users.profileId });
        if (!row) return null;
        await tx.insert(creditLedger).values({ userId: row.id, delta: credits, reason: 'dev_grant' });
        return row;
      });
      if (!granted) throw new AppError('email_not_found');
      await services.realtime
        .publish(memberChannel(granted.profileId), { type: 'credits', credits: granted.credits })
        .catch(() => undefined);
      return { credits: granted.credits };
    },
  );
}
