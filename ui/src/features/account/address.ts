import { t } from '@lingui/core/macro';

/** The server reports private addresses as 'LAN' or 'loopback'; public ones as given (or '' when unknown). */
export function addressLabel(address: string): string {
  if (address === 'LAN') return t`Local network`;
  if (address === 'loopback') return t`This machine`;
  return address;
}
