export { type AudioApi, AudioProvider, useAudio } from "./audio-provider";
export { PlayerBar } from "./player-bar";
