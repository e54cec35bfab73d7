export interface Airline {
  name: string;
  /** IATA designator. */
  code: string;
  /** https URL of the airline's home page. */
  website: string;
  /** Path of a booking page on `website`, when one is known to be stable. */
  bookingPath?: string;
  /** No airline documents a deep link; pre-fill patterns live in links.ts. */
  supportsParams: false;
  aliases: string[];
}

function airline(name: string, code: string, website: string, aliases: string[] = []): Airline {
  return { name, code, website, supportsParams: false, aliases };
}

export const AIRLINES: readonly Airline[] = [
  airline("Delta", "DL", "https://www.delta.com/", ["Delta Air Lines"]),
  airline("American", "AA", "https://www.aa.com/", ["American Airlines"]),
  airline("United", "UA", "https://www.united.com/", ["United Airlines"]),
  airline("Southwest", "WN", "https://www.southwest.com/", ["Southwest Airlines"]),
  airline("JetBlue", "B6", "https://www.jetblue.com/", ["JetBlue Airways"]),
  airline("Frontier", "F9", "https://www.flyfrontier.com/", ["Frontier Airlines"]),
  airline("Spirit", "NK", "https://www.spirit.com/", ["Spirit Airlines"]),
  airline("Breeze", "MX", "https://www.flybreeze.com/", ["Breeze Airways"]),
  airline("Avelo", "XP", "https://www.aveloair.com/", ["Avelo Airlines"]),
  airline("Alaska", "AS", "https://www.alaskaair.com/", ["Alaska Airlines", "Alaska Air"]),
  airline("Sun Country", "SY", "https://www.suncountry.com/", ["Sun Country Airlines"]),
  airline("Allegiant", "G4", "https://www.allegiantair.com/", ["Allegiant Air"]),
  airline("Air Canada", "AC", "https://www.aircanada.com/"),
  airline("Lufthansa", "LH", "https://www.lufthansa.com/"),
  airline("British Airways", "BA", "https://www.britishairways.com/"),
  airline("Icelandair", "FI", "https://www.icelandair.com/"),
  airline("Copa", "CM", "https://www.copaair.com/", ["Copa Airlines"]),
  airline("Air France", "AF", "https://www.airfrance.us/"),
  airline("WestJet", "WS", "https://www.westjet.com/"),
  airline("Aer Lingus", "EI", "https://www.aerlingus.com/"),
  airline("Virgin Atlantic", "VS", "https://www.virginatlantic.com/"),
  airline("KLM", "KL", "https://www.klm.us/", ["KLM Royal Dutch Airlines"]),
  airline("Aeromexico", "AM", "https://www.aeromexico.com/", ["Aeroméxico"]),
  airline("Porter", "PD", "https://www.flyporter.com/", ["Porter Airlines"]),
  airline("Hawaiian", "HA", "https://www.hawaiianairlines.com/", ["Hawaiian Airlines"]),
  airline("Contour", "LF", "https://www.contourairlines.com/", ["Contour Airlines"]),
  airline("Silver", "3M", "https://www.silverairways.com/", ["Silver Airways"]),
];

const CORPORATE_SUFFIX = /\s+(air\s*lines?|airways|air)$/;

/** "Delta Air Lines", "delta", " DELTA " and "Aeroméxico" all reduce to one key per airline. */
function nameKey(value: string): string {
  const folded = value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim().replace(/\s+/g, " ");
  return folded.replace(CORPORATE_SUFFIX, "").replace(/[^a-z0-9]/g, "");
}

export function findAirline(nameOrCode: string): Airline | undefined {
  const trimmed = nameOrCode.trim();
  if (trimmed === "") return undefined;

  const code = trimmed.toUpperCase();
  const byCode = AIRLINES.find((a) => a.code === code);
  if (byCode) return byCode;

  const key = nameKey(trimmed);
  if (key === "") return undefined;
  return AIRLINES.find((a) => nameKey(a.name) === key || a.aliases.some((alias) => nameKey(alias) === key));
}
