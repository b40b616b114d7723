import { describe, expect, it } from 'vitest';
import { parseInventoryCsv, secretsCsv } from './inventory-csv';

describe('inventory CSV (issue 24 item 9)', () => {
  it('reads devices from a header row in any spelling, comma or semicolon separated', () => {
    const comma =
      'Serial number,comm_serial_number,Type,Model\nSN-1,LG-1,inverter,X5\n\nSN-2,LG-2,battery,\n';
    expect(parseInventoryCsv(comma, 'en-US')).toEqual({
      devices: [
        { serialNumber: 'SN-1', commSerialNumber: 'LG-1', type: 'inverter', model: 'X5', manufacturer: '' },
        { serialNumber: 'SN-2', commSerialNumber: 'LG-2', type: 'battery', model: '', manufacturer: '' },
      ],
      problems: [],
    });
    const semicolon = '\uFEFFserialNumber;commSerialNumber;type\nSN-3;LG-3;meter\n';
    expect(parseInventoryCsv(semicolon, 'en-US').devices).toHaveLength(1);
  });

  it('says which line breaks which rule, in the reader’s language', () => {
    const text = 'serialNumber,commSerialNumber,type\nSN-1,LG-1,toaster\nSN-2,,meter\nSN-3,LG-3,ups\n';
    const { devices, problems } = parseInventoryCsv(text, 'zh-CN');
    expect(devices.map((d) => d.serialNumber)).toEqual(['SN-3']);
    expect(problems).toEqual([
      { line: 2, field: 'type', message: expect.any(String) },
      { line: 3, field: 'commSerialNumber', message: '不能为空' },
    ]);
  });

  it('refuses a file without the serial-number columns', () => {
    expect(parseInventoryCsv('name,type\nA,meter\n', 'en-US').problems).toEqual([
      { line: 1, field: 'serialNumber, commSerialNumber', message: 'columns' },
    ]);
  });

  it('reads OCPP chargers from a protocol column and refuses an OCPP row that is not a charger', () => {
    const text =
      'serialNumber,commSerialNumber,type,protocol\nCP-1,LBL-1,charger,ocpp\nSN-2,LG-2,meter,\nSN-3,LG-3,meter,ocpp\n';
    const { devices, problems } = parseInventoryCsv(text, 'en-US');
    expect(devices).toEqual([
      {
        serialNumber: 'CP-1',
        commSerialNumber: 'LBL-1',
        type: 'charger',
        model: '',
        manufacturer: '',
        protocol: 'ocpp',
      },
      { serialNumber: 'SN-2', commSerialNumber: 'LG-2', type: 'meter', model: '', manufacturer: '' },
    ]);
    expect(problems).toEqual([
      { line: 4, field: 'type', message: 'Only chargers connect over OCPP: set the type to charger' },
    ]);
  });

  it('writes the OCPP chargers’ keys with a protocol column', () => {
    expect(
      secretsCsv([
        { serialNumber: 'SN-1', commSerialNumber: 'LG-1', secret: 'abc', protocol: 'mqtt' },
        { serialNumber: 'CP-1', commSerialNumber: 'LBL-1', secret: 'f00d', protocol: 'ocpp' },
      ]),
    ).toBe('serialNumber,commSerialNumber,secret,protocol\r\nSN-1,LG-1,abc,mqtt\r\nCP-1,LBL-1,f00d,ocpp');
  });

  it('writes the secrets file with a header row', () => {
    expect(secretsCsv([{ serialNumber: 'SN-1', commSerialNumber: 'LG,1', secret: 's3cr3t' }])).toBe(
      'serialNumber,commSerialNumber,secret\r\nSN-1,"LG,1",s3cr3t',
    );
  });
});
