export { type AudioApi, AudioProvider, clampVolume, useAudio } from "./audio-provider";
export { PlayerBar } from "./player-bar";
export { createReconnector, reconnectDelayMs } from "./reconnect";
export { isPlayingAtom, type PlaybackStatus, playbackStatusAtom } from "./state";
