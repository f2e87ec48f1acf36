import { createRequire } from 'node:module';
import path from 'node:path';
import maxmind from 'maxmind';

type TCountryRecord = { country_code?: string };

/** Offline IP→country lookup from the geo-whois-asn-country database shipped as an npm package. */
export async function createGeoIpService(options: { header?: string }) {
  const require = createRequire(import.meta.url);
  const pkg = path.dirname(require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/package.json'));
  const reader = (await maxmind.open(path.join(pkg, 'geo-whois-asn-country.mmdb'))) as unknown as {
    get(ip: string): TCountryRecord | null;
  };
  return {
    /** Country code (ISO-2, uppercase) for a request, from a trusted proxy header when configured, else the IP. */
    countryFor(ip: string, headers: Record<string, string | string[] | undefined>): string | null {
      if (options.header) {
        const value = headers[options.header];
        const code = Array.isArray(value) ? value[0] : value;
        if (code && /^[A-Za-z]{2}$/.test(code)) return code.toUpperCase();
      }
      if (!maxmind.validate(ip)) return null;
      return reader.get(ip)?.country_code ?? null;
    },
  };
}

export type TGeoIpService = Awaited<ReturnType<typeof createGeoIpService>>;
