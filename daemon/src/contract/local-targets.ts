import { Type, type Static } from 'typebox';

/**
 * Which local-network addresses notification channels and webhooks may reach (`/api/user/notification/local-targets`).
 * By default this machine and the private networks: a home server's gotify, ntfy, bark, go-cqhttp or webhook lives
 * on the LAN, and the owner who configures a channel can already run any command. Link-local and cloud metadata
 * addresses stay refused unless listed. An install that saved its own choice keeps it (the default applies only to
 * a setting never saved).
 */
export const LocalTargets = Type.Object({
  /** Loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7) and CGNAT (100.64/10) addresses, all of them. */
  allowLocal: Type.Boolean(),
  /**
   * Single entries allowed whatever the switch says: an IP address (`192.168.1.5`, `::1`), a range in CIDR form
   * (`192.168.1.0/24`) or a host name (`gotify.lan`, matched exactly). The only way to allow link-local (169.254/16,
   * fe80::/10, where cloud metadata lives), cloud metadata addresses and names (100.100.100.200, fd00:ec2::254,
   * metadata.google.internal …) or unspecified addresses.
   */
  allowed: Type.Array(Type.String({ maxLength: 253 }), { maxItems: 100 }),
});
export type LocalTargets = Static<typeof LocalTargets>;

export const defaultLocalTargets: LocalTargets = { allowLocal: true, allowed: [] };
