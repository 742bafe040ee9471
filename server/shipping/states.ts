// India's states and union territories as named today, with their GST state codes (the first two digits of a
// GSTIN), and the override table that maps the PIN source's older names onto them (decision 0070).

/** Today's state and union-territory names → GST state code. */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  // 25 was Daman and Diu's until the two union territories merged on 26 January 2020.
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  // 28 was undivided Andhra Pradesh's; the state since Telangana's formation (2 June 2014) is 37.
  'Andhra Pradesh': '37',
  Ladakh: '38',
  'Other Territory': '97',
};

const DADRA_DAMAN_DIU = 'Dadra and Nagar Haveli and Daman and Diu';

/** The source's state names that are not today's (older spellings and the two merged union territories). */
const STATE_RENAMES: Readonly<Record<string, string>> = {
  'Andaman & Nicobar Islands': 'Andaman and Nicobar Islands',
  'Andaman & Nicobar': 'Andaman and Nicobar Islands',
  Chattisgarh: 'Chhattisgarh',
  Pondicherry: 'Puducherry',
  'Jammu & Kashmir': 'Jammu and Kashmir',
  'Dadra & Nagar Haveli': DADRA_DAMAN_DIU,
  'Daman & Diu': DADRA_DAMAN_DIU,
  Orissa: 'Odisha',
  Uttaranchal: 'Uttarakhand',
};

/** Districts the source still files under Jammu and Kashmir that form Ladakh since 31 October 2019. */
const LADAKH_DISTRICTS: ReadonlySet<string> = new Set(['Leh', 'Kargil']);

/** The state a source row's PIN lies in today, from the state and district the source gives. */
export function todaysState(sourceState: string, district: string): string {
  const state = STATE_RENAMES[sourceState] ?? sourceState;
  return state === 'Jammu and Kashmir' && LADAKH_DISTRICTS.has(district) ? 'Ladakh' : state;
}
