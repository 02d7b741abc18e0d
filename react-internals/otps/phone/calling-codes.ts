/**
 * The country calling-code table (docs/reference/constants.md#sign-in-defaults "country-calling-code table included"): small enough for
 * the initial bundle, so the country selector renders before the lazy phone parser has loaded.
 * Checked against libphonenumber-js's metadata by calling-codes.test.ts.
 */
import { DEFAULT_OTP_COUNTRY } from '../../../sdk-core/schemas/defaults.ts';

/** A selectable region: ISO 3166-1 alpha-2 code and its calling code (digits, no plus). */
export interface CallingCode {
  region: string;
  dialCode: string;
}

/** Default country of the phone field (docs/reference/constants.md#sign-in-defaults). */
export const DEFAULT_REGION = DEFAULT_OTP_COUNTRY;

// "code:REGION,REGION ..." per calling code (ITU-T E.164 assignments, as libphonenumber-js lists them).
const TABLE =
  '1:AG,AI,AS,BB,BM,BS,CA,DM,DO,GD,GU,JM,KN,KY,LC,MP,MS,PR,SX,TC,TT,US,VC,VG,VI 7:KZ,RU 20:EG 27:ZA ' +
  '30:GR 31:NL 32:BE 33:FR 34:ES 36:HU 39:IT,VA 40:RO 41:CH 43:AT 44:GB,GG,IM,JE 45:DK 46:SE 47:NO,SJ ' +
  '48:PL 49:DE 51:PE 52:MX 53:CU 54:AR 55:BR 56:CL 57:CO 58:VE 60:MY 61:AU,CC,CX 62:ID 63:PH 64:NZ ' +
  '65:SG 66:TH 81:JP 82:KR 84:VN 86:CN 90:TR 91:IN 92:PK 93:AF 94:LK 95:MM 98:IR 211:SS 212:EH,MA ' +
  '213:DZ 216:TN 218:LY 220:GM 221:SN 222:MR 223:ML 224:GN 225:CI 226:BF 227:NE 228:TG 229:BJ 230:MU ' +
  '231:LR 232:SL 233:GH 234:NG 235:TD 236:CF 237:CM 238:CV 239:ST 240:GQ 241:GA 242:CG 243:CD 244:AO ' +
  '245:GW 246:IO 247:AC 248:SC 249:SD 250:RW 251:ET 252:SO 253:DJ 254:KE 255:TZ 256:UG 257:BI 258:MZ ' +
  '260:ZM 261:MG 262:RE,YT 263:ZW 264:NA 265:MW 266:LS 267:BW 268:SZ 269:KM 290:SH,TA 291:ER 297:AW ' +
  '298:FO 299:GL 350:GI 351:PT 352:LU 353:IE 354:IS 355:AL 356:MT 357:CY 358:AX,FI 359:BG 370:LT ' +
  '371:LV 372:EE 373:MD 374:AM 375:BY 376:AD 377:MC 378:SM 380:UA 381:RS 382:ME 383:XK 385:HR 386:SI ' +
  '387:BA 389:MK 420:CZ 421:SK 423:LI 500:FK 501:BZ 502:GT 503:SV 504:HN 505:NI 506:CR 507:PA 508:PM ' +
  '509:HT 590:BL,GP,MF 591:BO 592:GY 593:EC 594:GF 595:PY 596:MQ 597:SR 598:UY 599:BQ,CW 670:TL 672:NF ' +
  '673:BN 674:NR 675:PG 676:TO 677:SB 678:VU 679:FJ 680:PW 681:WF 682:CK 683:NU 685:WS 686:KI 687:NC ' +
  '688:TV 689:PF 690:TK 691:FM 692:MH 850:KP 852:HK 853:MO 855:KH 856:LA 880:BD 886:TW 960:MV 961:LB ' +
  '962:JO 963:SY 964:IQ 965:KW 966:SA 967:YE 968:OM 970:PS 971:AE 972:IL 973:BH 974:QA 975:BT 976:MN ' +
  '977:NP 992:TJ 993:TM 994:AZ 995:GE 996:KG 998:UZ';

/** Every region the phone field offers, in table order (by calling code). */
export const CALLING_CODES: readonly CallingCode[] = TABLE.split(' ').flatMap((entry) => {
  const [dialCode = '', regions = ''] = entry.split(':');
  return regions.split(',').map((region) => ({ region, dialCode }));
});

const byRegion = new Map(CALLING_CODES.map((c) => [c.region, c.dialCode]));

/** The calling code of `region`, or undefined for a region the table does not have. */
export const dialCodeOf = (region: string): string | undefined => byRegion.get(region);

/** Region names in `locale` (Intl.DisplayNames); the region code where the runtime has no name. */
export function regionNamer(locale: string): (region: string) => string {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  } catch {
    // An unknown locale tag or an old runtime: show codes rather than nothing.
  }
  return (region) => names?.of(region) ?? region;
}

/** The selector's options: regions with their names, sorted by name in `locale`. */
export function regionOptions(locale: string): { region: string; dialCode: string; name: string }[] {
  const name = regionNamer(locale);
  const collator = new Intl.Collator(locale);
  return CALLING_CODES.map((c) => ({ ...c, name: name(c.region) })).sort((a, b) => collator.compare(a.name, b.name));
}

/** One entry of the country selector. */
export type RegionOption = ReturnType<typeof regionOptions>[number];

/**
 * Countries listed first while nothing is typed (issue 17 defect 2: reaching the US took 125
 * presses): the default, its neighbour, then the most populous SMS markets. Everyone else follows
 * alphabetically, in the list's language.
 */
export const COMMON_REGIONS: readonly string[] = ['US', 'CA', 'GB', 'AU', 'IN', 'DE', 'FR', 'ES', 'IT', 'MX', 'BR', 'NG', 'JP', 'PH'];

/**
 * The countries matching `query`, best first: by ISO code ("gb"), by dial code ("+44", "44"), by
 * the start of the name or of a word in it ("king" finds United Kingdom), then anywhere in the
 * name. Names compare without case or accents. An empty query gives the common countries first.
 */
export function searchRegions(options: readonly RegionOption[], query: string, locale = 'en'): RegionOption[] {
  const common = (o: RegionOption) => {
    const i = COMMON_REGIONS.indexOf(o.region);
    return i < 0 ? COMMON_REGIONS.length : i;
  };
  const q = query.trim();
  if (q === '') return [...options].sort((a, b) => common(a) - common(b));
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase(locale);
  const needle = fold(q);
  const digits = q.replace(/^\+/, '');
  const rank = (o: RegionOption): number => {
    const name = fold(o.name);
    if (o.region.toLowerCase() === needle) return 0;
    if (/^\d+$/.test(digits) && o.dialCode === digits) return 1;
    if (name.startsWith(needle)) return 2;
    if (/^\d+$/.test(digits) && o.dialCode.startsWith(digits)) return 3;
    if (name.split(/[\s(),.-]+/).some((w) => w.startsWith(needle))) return 4;
    if (name.includes(needle)) return 5;
    return -1;
  };
  return options
    .map((o) => ({ o, r: rank(o) }))
    .filter((x) => x.r >= 0)
    .sort((a, b) => a.r - b.r || common(a.o) - common(b.o))
    .map((x) => x.o);
}
