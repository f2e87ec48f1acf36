import sharp from 'sharp';
import type { TStaffActor, TStaffRole } from '#common/staff.ts';
import type { TFictionalProfileFields } from '#common/wire/admin/fictional-profiles.ts';
import {
  conversationMembers,
  conversations,
  messages,
  profiles,
  sites,
  staff,
  staffSites,
} from '#server/db/schema/index.ts';
import type { TTestApp } from '#server/test/test-app.ts';

let staffCount = 0;

/** A staff member with a role, limited to some sites or none (every site); returns the actor a console request has. */
export async function buildStaff(t: TTestApp, role: TStaffRole, siteIds: number[] | null = null): Promise<TStaffActor> {
  const { db } = t.services.database;
  staffCount += 1;
  const [row] = await db
    .insert(staff)
    .values({
      email: `staff${staffCount}-${Date.now()}@example.com`,
      name: `Host ${staffCount}`,
      role,
      status: 'active',
    })
    .returning({ id: staff.id });
  if (siteIds?.length) await db.insert(staffSites).values(siteIds.map((siteId) => ({ staffId: row.id, siteId })));
  return { id: row.id, role, siteIds };
}

/** The ids of the default site (localhost, where test members sign up) and of another seeded site. */
export async function siteIds(t: TTestApp): Promise<{ home: number; other: number }> {
  const rows = await t.services.database.db.select({ id: sites.id, isDefault: sites.isDefault }).from(sites);
  const home = rows.find((r) => r.isDefault)!.id;
  return { home, other: rows.find((r) => r.id !== home)!.id };
}

/** The attributes of a fictional profile as the editor sends them. */
export function fictionalFields(overrides: Partial<TFictionalProfileFields> = {}): TFictionalProfileFields {
  return {
    name: 'Mila',
    birth_date: '1994-05-17',
    gender: 'female',
    sexuality: 'hetero',
    locale: 'en',
    niches: [],
    hair_color: 'brown',
    eye_color: 'green',
    body_type: 'slim',
    relationship_status: 'single',
    tattoos: 'none',
    height_cm: 168,
    about_me: 'I like long walks and good coffee.',
    interests: ['coffee', 'hiking'],
    country: 'NL',
    region_code: 'NH',
    city: 'Amsterdam',
    ...overrides,
  };
}

/** A small JPEG as a camera would send it. */
export const testImage = () =>
  sharp({ create: { width: 400, height: 400, channels: 3, background: '#3a6' } })
    .jpeg()
    .toBuffer();

/** A conversation a member started with a new fictional profile (one message from the member); returns its id. */
export async function conversationWithFictional(t: TTestApp, memberProfileId: number): Promise<number> {
  const { db } = t.services.database;
  const [fictional] = await db
    .insert(profiles)
    .values({
      name: 'Fiction',
      gender: 'female',
      birthDate: '1990-01-01',
      country: 'NL',
      locale: 'nl',
      isFictional: true,
    })
    .returning({ id: profiles.id });
  const [a, b] = [memberProfileId, fictional.id].sort((x, y) => x - y);
  const [chat] = await db
    .insert(conversations)
    .values({ profileA: a, profileB: b, startedBy: memberProfileId })
    .returning({ id: conversations.id });
  await db.insert(conversationMembers).values([
    { conversationId: chat.id, profileId: memberProfileId },
    { conversationId: chat.id, profileId: fictional.id, unread: 1 },
  ]);
  await db.insert(messages).values({ conversationId: chat.id, senderProfileId: memberProfileId, body: 'Hi' });
  return chat.id;
}
