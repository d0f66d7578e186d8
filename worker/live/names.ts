// The names of the live room's Durable Objects: a station reader, and its LIVE_SHARDS shards
// named after it ("station/shard-0", ...), so each shard knows the one reader it follows.

export const stationReaderName = "station";

export function shardName(readerName: string, index: number): string {
  return `${readerName}/shard-${index}`;
}

/** The reader a shard follows, from the shard's own name. */
export function readerOfShard(shardName: string | undefined): string {
  const at = shardName?.lastIndexOf("/shard-") ?? -1;
  return shardName && at > 0 ? shardName.slice(0, at) : stationReaderName;
}

/** The header that tells a shard which client network a connection comes from (set by the worker). */
export const liveNetworkHeader = "X-Live-Network";
/** The same for the client's IPv6 /48, when it has one. */
export const liveWiderNetworkHeader = "X-Live-Wider-Network";
