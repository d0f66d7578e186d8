export { type AudioApi, AudioProvider, useAudio } from "./audio-provider";
export { PlayerBar } from "./player-bar";
export { createReconnector, reconnectDelayMs } from "./reconnect";
export { isPlayingAtom, type PlaybackStatus, playbackStatusAtom } from "./state";
export { clampVolume } from "./volume";
