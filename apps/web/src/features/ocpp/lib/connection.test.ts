import { describe, expect, it } from 'vitest';
import { centralSystemUrl, chargerUrl } from './connection';

describe('chargerUrl', () => {
  it('uses ws on an http page and wss on an https page, with the page’s host and port', () => {
    expect(chargerUrl({ protocol: 'http:', host: 'localhost:8080' }, 'CP-1')).toBe(
      'ws://localhost:8080/ocpp/CP-1',
    );
    expect(chargerUrl({ protocol: 'https:', host: 'ems.example.com' }, 'CP-1')).toBe(
      'wss://ems.example.com/ocpp/CP-1',
    );
  });
  it('gives the central system URL without the identity, for chargers that append it', () => {
    expect(centralSystemUrl({ protocol: 'https:', host: 'h:8443' })).toBe('wss://h:8443/ocpp');
  });
  it('encodes the characters of an identity a URL path cannot carry as they are', () => {
    expect(chargerUrl({ protocol: 'http:', host: 'h' }, 'a|b+c@d')).toBe('ws://h/ocpp/a%7Cb%2Bc%40d');
  });
});
