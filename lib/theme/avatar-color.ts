export type AvatarColor =
  'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error' | 'default';

const groups: [string, AvatarColor][] = [
  ['ABCD', 'primary'],
  ['EFGH', 'secondary'],
  ['IJKL', 'info'],
  ['MNOP', 'success'],
  ['QRST', 'warning'],
  ['UVWXYZ', 'error'],
];

/** An avatar's colour comes from the first letter of its alt text (spec §9), so a player keeps one colour. */
export function avatarColor(alt: string | undefined | null): AvatarColor {
  const letter = alt?.trim().charAt(0).toUpperCase();
  if (!letter) return 'default';
  return groups.find(([letters]) => letters.includes(letter))?.[1] ?? 'default';
}
