/** The identity bank setup asks for (legal name, address, date of birth, tax id), for test accounts. */
export const testPayoutIdentity = {
  legalName: 'Sam de Tester',
  address: 'Oudegracht 10, 3511 AP Utrecht, NL',
  birthDate: '1995-06-15',
  taxId: '123456782',
};
