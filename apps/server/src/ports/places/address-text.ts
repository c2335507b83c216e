/**
 * Australian address text both ways: reading what a seller types ('3/12 Smith St, Fitzroy VIC 3065',
 * 'Unit 3, 12 Smith Street Fitzroy', 'Bondi') into unit, street number, street name, locality, state and
 * postcode, and writing a suggestion's one-line description. The dataset adapter searches suburbs with the
 * parse; the Google adapter uses it to keep a unit that Google's answer left out.
 */
export interface ParsedAddress {
  unitNumber: string | null;
  streetNumber: string | null;
  streetName: string | null;
  locality: string | null;
  state: string | null;
  postcode: string | null;
}

/** Australian state and territory abbreviations, as addresses write them. */
export const STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'];
const STREET_TYPES = new Set(
  (
    'street st road rd avenue ave av drive dr court ct place pl crescent cres cr lane ln parade pde terrace tce highway hwy ' +
    'boulevard blvd bvd close cl way circuit cct grove gr esplanade esp square sq parkway pkwy track trk trail walk rise row ' +
    'mews loop promenade prom glen gln view vw ridge rdg heights hts gardens gdns green grn vale point pt quay strip broadway'
  ).split(' '),
);

const titleCase = (value: string) =>
  value
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/(^|[\s'-])(\p{L})/gu, (_m, sep: string, letter: string) => sep + letter.toUpperCase());

/** Splits '3/12 Smith St' or 'Unit 3, 12 Smith St' into unit, number and street. */
function parseStreet(text: string): Pick<ParsedAddress, 'unitNumber' | 'streetNumber' | 'streetName'> {
  let rest = text.trim();
  let unitNumber: string | null = null;
  const unitWord = rest.match(/^(?:unit|apartment|apt|flat|suite|shop)\s*([\w-]+)[\s,]+/i);
  if (unitWord) {
    unitNumber = unitWord[1]!;
    rest = rest.slice(unitWord[0].length);
  }
  const slash = rest.match(/^([\w-]+)\s*\/\s*(\d[\w-]*)\s+/);
  if (slash) {
    unitNumber = slash[1]!;
    rest = `${slash[2]} ${rest.slice(slash[0].length)}`;
  }
  const numbered = rest.match(/^(\d+[a-z]?(?:\s*-\s*\d+[a-z]?)?)\s+(.+)$/i);
  if (numbered) return { unitNumber, streetNumber: numbered[1]!.replace(/\s+/g, '').toUpperCase(), streetName: titleCase(numbered[2]!) };
  return { unitNumber, streetNumber: null, streetName: rest ? titleCase(rest) : null };
}

/** Pulls a trailing state and postcode off a locality ('Bondi NSW 2026' → Bondi, NSW, 2026). */
function parseLocality(text: string): Pick<ParsedAddress, 'locality' | 'state' | 'postcode'> {
  let rest = text.trim().replace(/,/g, ' ').replace(/\s+/g, ' ');
  let postcode: string | null = null;
  let state: string | null = null;
  const postcodeMatch = rest.match(/\s*\b(\d{4})$/);
  if (postcodeMatch) {
    postcode = postcodeMatch[1]!;
    rest = rest.slice(0, postcodeMatch.index).trim();
  }
  const stateMatch = rest.match(/\s*\b([a-z]{2,3})$/i);
  if (stateMatch && STATES.includes(stateMatch[1]!.toUpperCase()) && stateMatch.index! > 0) {
    state = stateMatch[1]!.toUpperCase();
    rest = rest.slice(0, stateMatch.index).trim();
  }
  // A bare postcode ('2026') is a locality search by postcode.
  return { locality: rest || postcode, state, postcode };
}

/** Understands '12 Smith St, Bondi', '12 Smith Street Bondi NSW 2026', '3/12 Smith St, 2026' and 'Bondi'. */
export function parseAddressQuery(query: string): ParsedAddress {
  const text = query.trim().replace(/\s+/g, ' ');
  const comma = text.indexOf(',');
  if (comma >= 0) {
    const head = text.slice(0, comma);
    const tail = text.slice(comma + 1);
    // 'Unit 3, 12 Smith St, Bondi': the first part is only a unit.
    if (/^(?:unit|apartment|apt|flat|suite|shop)\s*[\w-]+$/i.test(head.trim()) && tail.includes(',')) {
      return parseAddressQuery(`${head.trim()} ${tail.trim()}`);
    }
    return { ...parseStreet(head), ...parseLocality(tail) };
  }
  const street = parseStreet(text);
  if (!street.streetNumber) return { unitNumber: null, streetNumber: null, streetName: null, ...parseLocality(text) };
  // No comma: the locality starts after the street type word ('12 Smith Street Bondi').
  const words = street.streetName!.split(' ');
  const typeIndex = words.findIndex((word, i) => i > 0 && STREET_TYPES.has(word.toLowerCase().replace(/\.$/, '')));
  if (typeIndex < 0 || typeIndex === words.length - 1) return { ...street, locality: null, state: null, postcode: null };
  return {
    ...street,
    streetName: words.slice(0, typeIndex + 1).join(' '),
    ...parseLocality(words.slice(typeIndex + 1).join(' ')),
  };
}

/** One line for a suggestion list: '3/12 Smith Street, Fitzroy VIC 3065', or 'Fitzroy VIC 3065' without a street. */
export function describeAddress(
  street: Pick<ParsedAddress, 'unitNumber' | 'streetNumber' | 'streetName'>,
  locality: { name: string; state: string | null; postcode: string | null },
): string {
  const number = street.streetNumber ? `${street.unitNumber ? `${street.unitNumber}/` : ''}${street.streetNumber} ` : '';
  const line = street.streetName ? `${number}${street.streetName}, ` : '';
  return `${line}${[locality.name, locality.state, locality.postcode].filter(Boolean).join(' ')}`;
}
