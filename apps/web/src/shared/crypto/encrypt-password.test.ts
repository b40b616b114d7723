import { describe, expect, it } from 'vitest';
import { encryptPassword, InsecureContextError, pemToDer, toBase64 } from './encrypt-password';

async function keyPair() {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = await crypto.subtle.exportKey('spki', pair.publicKey);
  const lines = toBase64(spki)
    .match(/.{1,64}/g)!
    .join('\n');
  return {
    pem: `-----BEGIN PUBLIC KEY-----\n${lines}\n-----END PUBLIC KEY-----\n`,
    privateKey: pair.privateKey,
  };
}

describe('encryptPassword', () => {
  it('encrypts with RSA-OAEP SHA-256 so that the private key reads the UTF-8 password back', async () => {
    const { pem, privateKey } = await keyPair();
    const cipher = await encryptPassword('Sünny-Day 42!', pem);
    const plain = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, pemToDer(cipher));
    expect(new TextDecoder().decode(plain)).toBe('Sünny-Day 42!');
    expect(cipher).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  it('refuses to run without WebCrypto', async () => {
    await expect(encryptPassword('x', 'pem', null)).rejects.toBeInstanceOf(InsecureContextError);
  });
});

describe('pemToDer / toBase64', () => {
  it('round-trips bytes', () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    expect([...pemToDer(`-----BEGIN X-----\n${toBase64(bytes.buffer)}\n-----END X-----`)]).toEqual([
      ...bytes,
    ]);
  });
});
