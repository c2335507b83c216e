/**
 * How Listwise writes a place (one home per rule): the suburb label ('Bondi NSW 2026') and the property
 * address line ('2/14 Campbell Parade, Bondi NSW 2026'), for the web's pages and the server's e-mails, public pages
 * and operator console alike. Imports nothing, so the listing wizard's light address step can use it.
 */

export interface SuburbName {
  name: string;
  state: string;
  postcode?: string | null;
}

export interface SuburbLabelOptions {
  /** With the postcode ('Bondi NSW 2026', the default), or without where a line only places the property ('Bondi NSW'). */
  postcode?: boolean;
  /** 'Bondi, NSW': the spec's card address, where the suburb and the state are items of one comma list. */
  comma?: boolean;
}

/** 'Bondi NSW 2026'; 'Bondi NSW' with `postcode: false`; 'Bondi, NSW' with `comma: true` as well. */
export function suburbLabel(suburb: SuburbName, { postcode = true, comma = false }: SuburbLabelOptions = {}): string {
  const place = [suburb.name, suburb.state.toUpperCase()].join(comma ? ', ' : ' ');
  return postcode && suburb.postcode ? `${place} ${suburb.postcode}` : place;
}

export interface StreetAddress {
  unitNumber?: string | null;
  streetNumber?: string | null;
  streetName?: string | null;
}

/** '2/14 Campbell Parade' (unit / number, then the street); null until the street is known. */
export const formatStreetAddress = (p: StreetAddress): string | null => {
  if (!p.streetName) return null;
  const number = [p.unitNumber, p.streetNumber].filter(Boolean).join('/');
  return [number, p.streetName].filter(Boolean).join(' ');
};

/**
 * The property address line: '2/14 Campbell Parade, Bondi NSW 2026' (the suburb as suburbLabel writes it with the
 * same options), either part left out while unknown; '' when neither is, so each page words its own fallback.
 */
export const propertyAddressLine = (p: StreetAddress & { suburb?: SuburbName | null }, options: SuburbLabelOptions = {}): string =>
  [formatStreetAddress(p), p.suburb ? suburbLabel(p.suburb, options) : null].filter(Boolean).join(', ');
