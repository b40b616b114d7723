/**
 * Reference data of the demo fleet: where the sites are and which products they use. Product names,
 * ratings and capacities are those of real, common models; serial numbers are made up in each maker's
 * style. Kept as `|`-separated tables so each entry stays on one line.
 */

/** A place a demo site can be. */
export interface Place {
  city: string;
  street: string;
  country: string;
  timeZone: string;
  latitude: number;
  longitude: number;
  currency: string;
  /** Nominal phase voltage (V) and grid frequency (Hz). */
  volts: number;
  hz: number;
  /** A family name for homes, and a business for UPS / monitoring sites. */
  family: string;
  business: string;
  /** Code of the place's area in the area tree (area/list, spec §3). */
  areaCode: string;
}

/** A product a demo device can be. */
export interface Product {
  manufacturer: string;
  model: string;
  /** Serial number prefix. */
  snPrefix: string;
  /** Rated AC power (W); for meters the largest power they measure. */
  ratedW: number;
  /** Usable battery energy (Wh), batteries and UPS only. */
  capacityWh: number | null;
  firmware: string;
  hardware: string;
}

const COUNTRIES: Record<string, Pick<Place, 'currency' | 'volts' | 'hz'>> = {
  DE: { currency: 'EUR', volts: 230, hz: 50 },
  CZ: { currency: 'CZK', volts: 230, hz: 50 },
  BR: { currency: 'BRL', volts: 220, hz: 60 },
  CN: { currency: 'CNY', volts: 220, hz: 50 },
  US: { currency: 'USD', volts: 240, hz: 60 },
  NO: { currency: 'NOK', volts: 230, hz: 50 },
  AU: { currency: 'AUD', volts: 230, hz: 50 },
  PT: { currency: 'EUR', volts: 230, hz: 50 },
  AT: { currency: 'EUR', volts: 230, hz: 50 },
};

// city | street | country | time zone | latitude | longitude | family | business | area code
// The area code is the most precise area of the area tree (modules/area/area-data.json) holding the
// city: a Chinese prefecture or Brazilian municipality, a Czech district or capital, else the state or
// region (ISO 3166-2), so the site list's area filter finds the demo sites.
const PLACE_TABLE = `
Freiburg im Breisgau|Wiesentalstraße 14|DE|Europe/Berlin|47.999|7.842|Becker|Praxis Dr. Wagner|DE-BW
Brno|Kounicova 41|CZ|Europe/Prague|49.195|16.607|Novák|Telco uzel Brno-Žabovřesky|CZ-642
Campinas|Rua Barão de Jaguara 1200|BR|America/Sao_Paulo|-22.906|-47.061|Oliveira|Clínica Santa Helena|3509502
Hangzhou|Wensan Road 90|CN|Asia/Shanghai|30.274|120.155|Zhang|Xihu Data Room|330100
Sacramento|2150 Capitol Ave|US|America/Los_Angeles|38.575|-121.479|Miller|Midtown Dental|US-CA
Trondheim|Innherredsveien 7|NO|Europe/Oslo|63.43|10.395|Hansen|Lade Borettslag|NO-50
Parramatta|18 Church St|AU|Australia/Sydney|-33.815|151.003|Nguyen|Westmead Medical Suites|AU-NSW
München|Leopoldstraße 102|DE|Europe/Berlin|48.163|11.586|Schmid|Kanzlei Huber|DE-BY
Praha|Vinohradská 88|CZ|Europe/Prague|50.077|14.447|Dvořák|Serverovna Vinohrady|CZ-10
Florianópolis|Rua Bocaiúva 2125|BR|America/Sao_Paulo|-27.595|-48.548|Souza|Escritório Beira-Mar|4205407
Shenzhen|Keyuan Road 15|CN|Asia/Shanghai|22.54|113.943|Chen|Nanshan Telecom Shelter|440300
San Diego|3875 Ray St|US|America/Los_Angeles|32.748|-117.13|Garcia|North Park Vet Clinic|US-CA
Oslo|Thereses gate 20|NO|Europe/Oslo|59.927|10.733|Johansen|Bislett Garasjelag|NO-03
Brisbane|42 Latrobe Tce|AU|Australia/Brisbane|-27.461|152.998|Smith|Paddington Studio|AU-QLD
Hamburg|Eppendorfer Weg 211|DE|Europe/Berlin|53.575|9.961|Schulz|Funkstation Eimsbüttel|DE-HH
Plzeň|Klatovská třída 60|CZ|Europe/Prague|49.737|13.372|Procházka|Lékárna Slovany|CZ-323
Belo Horizonte|Avenida do Contorno 6000|BR|America/Sao_Paulo|-19.936|-43.934|Pereira|Laboratório Savassi|3106200
Beijing|Zhongguancun Street 27|CN|Asia/Shanghai|39.983|116.311|Wang|Haidian Base Station|110100
Fresno|1420 N Van Ness Ave|US|America/Los_Angeles|36.755|-119.808|Johnson|Tower District Pharmacy|US-CA
Bergen|Kalfarveien 31|NO|Europe/Oslo|60.387|5.338|Larsen|Kalfaret Garasje|NO-46
Melbourne|210 Lygon St|AU|Australia/Melbourne|-37.797|144.967|Wilson|Carlton Comms Room|AU-VIC
Lisboa|Rua de Campo de Ourique 45|PT|Europe/Lisbon|38.718|-9.166|Ferreira|Clínica de Ourique|PT-11
Wien|Währinger Straße 59|AT|Europe/Vienna|48.222|16.352|Gruber|Rechenzentrum Alsergrund|AT-9
Porto Alegre|Rua Padre Chagas 300|BR|America/Sao_Paulo|-30.026|-51.202|Rodrigues|Moinhos Telecom|4314902`;

const rows = (table: string) =>
  table
    .trim()
    .split('\n')
    .map((line) => line.split('|'));

/** The places, in the order sites are created. */
export const PLACES: readonly Place[] = rows(PLACE_TABLE).map(
  ([city, street, country, tz, lat, lon, fam, biz, area]) => ({
    city: city!,
    street: street!,
    country: country!,
    timeZone: tz!,
    latitude: Number(lat),
    longitude: Number(lon),
    family: fam!,
    business: biz!,
    areaCode: area!,
    ...COUNTRIES[country!]!,
  }),
);

// Product tables: manufacturer | model | serial prefix | rated W | capacity Wh | firmware | hardware
const products = (table: string): readonly Product[] =>
  rows(table).map(([manufacturer, model, snPrefix, ratedW, capacityWh, firmware, hardware]) => ({
    manufacturer: manufacturer!,
    model: model!,
    snPrefix: snPrefix!,
    ratedW: Number(ratedW),
    capacityWh: capacityWh ? Number(capacityWh) : null,
    firmware: firmware!,
    hardware: hardware!,
  }));

/** PV string inverters (PV sites). */
export const PV_INVERTERS = products(`
SMA|Sunny Tripower 8.0 (STP8.0-3AV-40)|3015|8000||4.01.15.R|A
Fronius|Symo 6.0-3-M|3418|6000||3.26.4-1|1.9
Huawei|SUN2000-5KTL-M1|HV2140|5000||V100R001C00SPC154|VB
GoodWe|GW10K-DT|5010KDTU|10000||16.18|V1.2
Sungrow|SG5.0RS|A2250|5000||SAPPHIRE-H_01011.95.08|M`);

/** Hybrid inverters (home storage sites). */
export const HYBRID_INVERTERS = products(`
Fronius|Primo GEN24 6.0 Plus|3423|6000||1.34.6-1|2.1
Huawei|SUN2000-6KTL-L1|HV2210|6000||V200R001C00SPC127|VC
Sungrow|SH6.0RS|A2310|6000||SAPPHIRE-H_01011.95.20|H
GoodWe|GW5K-ET|5005KETU|5000||04.06|V2.0`);

/** Home batteries: rated charge/discharge power and usable energy. */
export const BATTERIES = products(`
BYD|Battery-Box Premium HVS 10.2|P030T020|5120|10240|BMU 3.24|HVS
Huawei|LUNA2000-10-S0|HV2230|5000|10000|V100R002C00SPC119|A
Pylontech|Force H2 (4 modules)|PPTBH02|4260|14200|1.8.2|V2
Sungrow|SBR096|B2240|5760|9600|SBRBCU-S_22011.01.14|C
BYD|Battery-Box Premium HVS 7.7|P030T015|3840|7680|BMU 3.24|HVS`);

/** Grid and mains meters. */
export const METERS = products(`
SMA|Energy Meter 2.0|3012|44000||2.3.1|A
Fronius|Smart Meter TS 65A-3|3421|44000||1.3|1.0
Huawei|DTSU666-H|DT2108|55000||V3.02|H
Eastron|SDM630-Modbus V2|SDM0|69000||1.02|V2`);

/** 11 kW AC wallboxes. */
export const CHARGERS = products(`
ABB|Terra AC W11-T-RD-M-0|TACW1122|11000||1.6.9|MID
Easee|Charge|EHXF|11000||318|C1
Zaptec|Go|ZAP0|11000||2.4.3.7|GO1
Alfen|Eve Single Pro-line|ACE0|11000||6.4.0-4210|NG9`);

/** Online UPS units: rated output power and battery energy. */
export const UPSES = products(`
APC|Smart-UPS SRT 5000VA (SRT5KXLI)|AS2231|4500|1920|UPS 16.5|SRT
Eaton|9PX 6000i RT3U|GA2H|5400|2400|01.14.0015|9PX
Vertiv|Liebert GXT5-3000IRT2UXL|2207|3000|1150|1.15|GXT5`);

/** Room temperature and humidity sensors. */
export const SENSORS = products(`
COMET SYSTEM|T3511 temperature and humidity transmitter|22960|0||5.0.1|T3511
Papouch|TH2E|TH2E|0||1.6|TH2E`);
