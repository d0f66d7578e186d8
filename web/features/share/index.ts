export { copyTrackInfo, networkShareUrl, shareOnNetwork, shareText, webShare } from "./share";
export { ShareButton } from "./share-button";
