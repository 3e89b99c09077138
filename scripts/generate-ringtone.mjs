// Writes public/ringtone.wav: the softphone's looping ringtone (spec §7 and §9), made here so
// the repository holds no audio of unknown origin. Two short rings of the North American
// 440 + 480 Hz pair, softened at each edge, then a pause; the file loops as a whole.
//
//   node scripts/generate-ringtone.mjs
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SAMPLE_RATE = 8000; // plenty for tones under 1 kHz, and a small file
const LENGTH_SECONDS = 2;
const RINGS = [
  { start: 0, end: 0.4 },
  { start: 0.6, end: 1.0 },
];
const TONES_HZ = [440, 480];
const LEVEL = 0.35; // of full scale, per tone
const EDGE_SECONDS = 0.02; // fade in and out: no clicks

function sampleAt(time) {
  const ring = RINGS.find(({ start, end }) => time >= start && time < end);
  if (!ring) return 0;
  const edge = Math.min(time - ring.start, ring.end - time, EDGE_SECONDS) / EDGE_SECONDS;
  const envelope = Math.sin((Math.PI / 2) * edge) ** 2;
  const tone = TONES_HZ.reduce((sum, hz) => sum + Math.sin(2 * Math.PI * hz * time), 0);
  return LEVEL * envelope * tone;
}

/** A mono 16-bit PCM WAV file of the given samples (-1 … 1). */
function wav(samples) {
  const dataBytes = samples.length * 2;
  const file = Buffer.alloc(44 + dataBytes);
  file.write('RIFF', 0, 'ascii');
  file.writeUInt32LE(36 + dataBytes, 4);
  file.write('WAVE', 8, 'ascii');
  file.write('fmt ', 12, 'ascii');
  file.writeUInt32LE(16, 16); // fmt chunk size
  file.writeUInt16LE(1, 20); // PCM
  file.writeUInt16LE(1, 22); // mono
  file.writeUInt32LE(SAMPLE_RATE, 24);
  file.writeUInt32LE(SAMPLE_RATE * 2, 28); // bytes per second
  file.writeUInt16LE(2, 32); // bytes per frame
  file.writeUInt16LE(16, 34); // bits per sample
  file.write('data', 36, 'ascii');
  file.writeUInt32LE(dataBytes, 40);
  samples.forEach((sample, index) => {
    const clipped = Math.max(-1, Math.min(1, sample));
    file.writeInt16LE(Math.round(clipped * 32767), 44 + index * 2);
  });
  return file;
}

const samples = Array.from({ length: SAMPLE_RATE * LENGTH_SECONDS }, (_, index) =>
  sampleAt(index / SAMPLE_RATE),
);
const target = fileURLToPath(new URL('../public/ringtone.wav', import.meta.url));
writeFileSync(target, wav(samples));
console.log(`Wrote ${target} (${samples.length} samples at ${SAMPLE_RATE} Hz)`);
