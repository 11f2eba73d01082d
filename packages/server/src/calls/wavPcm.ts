/** The PCM samples of a 16 kHz mono 16-bit WAV file, or null for anything else. */
export function pcmFromWav(file: Buffer): Buffer | null {
  if (file.length < 44 || file.toString('ascii', 0, 4) !== 'RIFF') return null;
  if (file.toString('ascii', 8, 12) !== 'WAVE') return null;
  let offset = 12;
  let formatOk = false;
  while (offset + 8 <= file.length) {
    const id = file.toString('ascii', offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ' && size >= 16 && body + 16 <= file.length) {
      const format = file.readUInt16LE(body);
      const channels = file.readUInt16LE(body + 2);
      const rate = file.readUInt32LE(body + 4);
      const bits = file.readUInt16LE(body + 14);
      formatOk = format === 1 && channels === 1 && rate === 16_000 && bits === 16;
    } else if (id === 'data') {
      if (!formatOk) return null;
      const end = Math.min(file.length, body + size);
      return file.subarray(body, end - ((end - body) % 2));
    }
    offset = body + size + (size % 2);
  }
  return null;
}

/** A 16 kHz mono 16-bit WAV file around `pcm`. */
export function wavFromPcm(pcm: Buffer): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}
