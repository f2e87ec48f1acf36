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
 * ledger row, so journeys can try paid features before a purchase exists; a negative amount takes credits away (never
 * below 0), e.g. to try what a member without credits sees.
 */
export async function devCreditsRoutes(app: FastifyInstance, { services }: { services: TServices }) {
  const { db } = services.database;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/dev/credits.json',
    {
      schema: {
        hide: true,
        body: z.object({ email: z.email(), credits: z.number().int().min(-100_000).max(100_000) }),
        response: { 200: z.object({ credits: z.number().int() }) },
      },
    },
    async (request) => {
      const { email, credits } = request.body;
      const granted = await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ credits: users.credits })
          .from(users)
          .where(eq(users.email, email.toLowerCase()))
          .for('update');
        if (!before) return null;
        const delta = Math.max(-before.credits, credits);
        const [row] = await tx
          .update(users)
          .set({ credits: sql`${users.credits} + ${delta}` })
          .where(eq(users.email, email.toLowerCase()))
          .returning({ id: users.id, credits: users.credits, profileId: users.profileId });
        await tx.insert(creditLedger).values({ userId: row.id, delta, reason: 'dev_grant' });
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
