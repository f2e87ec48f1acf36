import type { TBenchMember } from './target.ts';

/** A page the phone benchmarks load, who loads it, and its budget of JavaScript before interaction (br, KiB). */
export type TBenchPage = { label: string; path: string; member: boolean; budgetKiB: number };

/** Issue 32's budgets on the wire: visitors' pages, members' pages and landers. */
export const BUDGET_KIB = { visitor: 100, member: 150, lander: 75 } as const;

/** The pages of issue 32: visitors' pages, landers and members' pages (a profile and a conversation of the member). */
export function benchPages(member: TBenchMember): TBenchPage[] {
  const visitor = (label: string, path: string) => ({ label, path, member: false, budgetKiB: BUDGET_KIB.visitor });
  const lander = (label: string, path: string) => ({ label, path, member: false, budgetKiB: BUDGET_KIB.lander });
  const logged = (label: string, path: string) => ({ label, path, member: true, budgetKiB: BUDGET_KIB.member });
  return [
    visitor('/', '/'),
    visitor('/members', '/members'),
    visitor('a profile', `/members/${member.profileId}`),
    visitor('/login', '/login'),
    lander('video lander', '/landers/alonetonight'),
    logged('/members (member)', '/members'),
    logged('a profile (member)', `/members/${member.profileId}`),
    logged('/chats (member)', '/chats'),
    logged('a conversation (member)', `/chats/${member.conversationId}`),
  ];
}
