/**
 * The device a session was started from, read from its stored user agent with ua-parser-js 1.0 (MIT),
 * as `GET /sdk/v1/sessions` lists it (docs/reference/methods/sessions.md#data): short labels a person
 * recognises ("Chrome 131", "macOS 10.15", "mobile"), null where the agent does not say.
 */
import UAParser from 'ua-parser-js';
import type { SessionDevice } from '../sdk-core/schemas/index.ts';

// The names ua-parser-js uses that read oddly in a list of one's own devices.
const OS_NAMES: Record<string, string> = { 'Mac OS': 'macOS', 'Chromium OS': 'ChromeOS' };
// Operating systems that only run on phones or tablets: an agent naming one and no device type is a phone.
const MOBILE_OS = new Set(['iOS', 'Android', 'HarmonyOS', 'KaiOS', 'Windows Phone', 'BlackBerry']);

/** `name version` with at most the version's first two parts ("17.4", "10.15"): the rest is noise to a person. */
function label(name: string | undefined, version: string | undefined): string | null {
  if (!name) return null;
  const short = version?.split('.').slice(0, 2).join('.');
  return short ? `${name} ${short}` : name;
}

/** The device of a user agent; every field null for an empty or unrecognised one. */
export function sessionDevice(userAgent: string): SessionDevice {
  if (!userAgent) return { browser: null, os: null, device_type: null };
  const r = new UAParser(userAgent).getResult();
  // A browser's major version is what its users know it by ("Chrome 131"); Safari's "Mobile" is the device's.
  const browserName = r.browser.name?.replace(/^Mobile /, '');
  const osName = r.os.name ? (OS_NAMES[r.os.name] ?? r.os.name) : undefined;
  let deviceType: SessionDevice['device_type'] = null;
  if (r.device.type === 'mobile' || r.device.type === 'tablet') deviceType = r.device.type;
  else if (r.device.type === 'wearable') deviceType = 'mobile';
  else if (r.device.type === undefined && osName) deviceType = MOBILE_OS.has(osName) ? 'mobile' : 'desktop';
  return { browser: label(browserName, r.browser.major), os: label(osName, r.os.version), device_type: deviceType };
}
