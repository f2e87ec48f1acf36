import type { TFunction } from 'i18next';

/**
 * A purged member keeps a profile row with an empty name: their conversations show 'Deleted member'
 * in its place, and nothing can be written to them any more.
 */
export function isDeletedMember(profile: { name: string } | null | undefined): boolean {
  return profile !== null && profile !== undefined && profile.name === '';
}

/** The name to show for a member: 'Deleted member' (localized) for a purged one. */
export function memberName(profile: { name: string } | null | undefined, t: TFunction): string {
  if (!profile) return '';
  return isDeletedMember(profile) ? t('erasure.deleted_member') : profile.name;
}
