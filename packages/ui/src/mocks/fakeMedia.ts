import type {
  CreatePeerConnection,
  GetUserMedia,
  PeerConnectionLike,
  SessionDescriptionLike,
} from '@parley/chat-sdk';

/**
 * Fake camera and microphone for stories: a canvas test pattern as video and a quiet oscillator
 * as audio, so the overlay shows real <video> elements without asking for devices.
 */
export function fakeMediaStream(options: {
  video: boolean;
  label?: string;
  hue?: number;
}): MediaStream {
  const stream = new MediaStream();
  if (options.video) {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const context = canvas.getContext('2d');
    if (context) {
      context.fillStyle = `hsl(${options.hue ?? 210} 60% 35%)`;
      context.fillRect(0, 0, 320, 240);
      context.fillStyle = '#ffffff';
      context.font = '28px sans-serif';
      context.fillText(options.label ?? 'camera', 24, 130);
    }
    for (const track of canvas.captureStream(5).getVideoTracks()) stream.addTrack(track);
  }
  const audio = new AudioContext();
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  gain.gain.value = 0;
  const destination = audio.createMediaStreamDestination();
  oscillator.connect(gain).connect(destination);
  oscillator.start();
  for (const track of destination.stream.getAudioTracks()) stream.addTrack(track);
  return stream;
}

export const fakeGetUserMedia: GetUserMedia = async (constraints) =>
  fakeMediaStream({ video: constraints.video, label: 'You' });

/** No device at all: the sdk says 'No microphone detected.'. */
export const missingMicrophone: GetUserMedia = async () => {
  throw new DOMException('Requested device not found', 'NotFoundError');
};

/**
 * A peer connection that answers itself: it connects once it has both descriptions and plays a
 * fake remote stream, so the connected overlay can be shown without a second browser.
 */
export const fakePeerConnection: CreatePeerConnection = () => {
  const pc: PeerConnectionLike & { connectionState: string; signalingState: string } = {
    connectionState: 'new',
    signalingState: 'stable',
    remoteDescription: null as SessionDescriptionLike | null,
    onicecandidate: null,
    ontrack: null,
    onconnectionstatechange: null,
    addTrack: () => ({ track: null, replaceTrack: async () => undefined }),
    getSenders: () => [],
    createOffer: async () => ({ type: 'offer', sdp: 'fake-offer' }),
    createAnswer: async () => ({ type: 'answer', sdp: 'fake-answer' }),
    async setLocalDescription(description) {
      pc.signalingState = description.type === 'offer' ? 'have-local-offer' : 'stable';
      if (description.type === 'answer') connect();
    },
    async setRemoteDescription(description) {
      (pc as { remoteDescription: SessionDescriptionLike | null }).remoteDescription = description;
      pc.signalingState = description.type === 'offer' ? 'have-remote-offer' : 'stable';
      if (description.type === 'answer') connect();
    },
    addIceCandidate: async () => undefined,
    close() {
      pc.connectionState = 'closed';
    },
  };
  function connect() {
    const remote = fakeMediaStream({ video: true, label: 'bo', hue: 150 });
    const track = remote.getVideoTracks()[0] ?? remote.getAudioTracks()[0];
    if (track) pc.ontrack?.({ track, streams: [remote] });
    setTimeout(() => {
      pc.connectionState = 'connected';
      pc.onconnectionstatechange?.();
    }, 10);
  }
  return pc;
};
