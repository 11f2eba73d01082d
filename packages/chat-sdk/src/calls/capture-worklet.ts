/**
 * The call captions' capture worklet (AudioWorklet, the ScriptProcessorNode's successor: it runs
 * off the main thread): hands the input's first channel on in blocks of 2048 samples as
 * 'parley-capture'. A site whose Content-Security-Policy allows scripts only from 'self' serves this
 * source as a file and passes its URL to wavChunker (`workletUrl`).
 */
export const CAPTURE_WORKLET_SOURCE = `registerProcessor('parley-capture', class extends AudioWorkletProcessor {
  constructor() { super(); this.block = new Float32Array(2048); this.filled = 0; }
  process(inputs) {
    const input = inputs[0] && inputs[0][0];
    if (input) {
      let at = 0;
      while (at < input.length) {
        const take = Math.min(input.length - at, this.block.length - this.filled);
        this.block.set(input.subarray(at, at + take), this.filled);
        this.filled += take; at += take;
        if (this.filled === this.block.length) {
          this.port.postMessage(this.block, [this.block.buffer]);
          this.block = new Float32Array(2048); this.filled = 0;
        }
      }
    }
    return true;
  }
});`;
