/** The one type every command file shares with the command map, in a leaf so the map's lazy imports form no cycle. */
export type SetExit = (code: number) => void;
