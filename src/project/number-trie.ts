/**
 * A trie kept in numbers: a node is an index (0 the root), an edge a whole number key (a code
 * unit, a segment's id). Each node's depth and first child sit in one typed array, doubled when
 * full: most nodes of a long phrase or path have one child, found without hashing, and the array
 * is off the collector's heap, so a path of 100,000 segments costs the same per segment as a
 * short one. Further children go in one map per key.
 */
export class NumberTrie {
  /** By node, three numbers: its depth, the key of its first child (-1: none), that child. */
  #nodes = new Int32Array(3 * 16).fill(-1);
  #size = 1;
  /** By key: parent node → child node, for every child but a node's first. */
  readonly #more = new Map<number, Map<number, number>>();

  constructor() {
    this.#nodes[0] = 0;
  }

  /** The root. */
  readonly root = 0;

  /** How many nodes there are, the root included; nodes are numbered in the order made. */
  get size(): number {
    return this.#size;
  }

  depth(node: number): number {
    return this.#nodes[3 * node] as number;
  }

  /** The child of `node` along `key` (a whole number ≥ 0), or `undefined`. */
  child(node: number, key: number): number | undefined {
    const first = this.#nodes[3 * node + 1] as number;
    if (first === key) return this.#nodes[3 * node + 2] as number;
    if (first === -1) return undefined;
    return this.#more.get(key)?.get(node);
  }

  /** The child of `node` along `key`, made (numbered `size`) if it is not there. */
  grow(node: number, key: number): number {
    const known = this.child(node, key);
    if (known !== undefined) return known;
    const child = this.#size;
    this.#size += 1;
    if (3 * this.#size > this.#nodes.length) {
      const larger = new Int32Array(2 * this.#nodes.length).fill(-1);
      larger.set(this.#nodes);
      this.#nodes = larger;
    }
    const nodes = this.#nodes;
    nodes[3 * child] = (nodes[3 * node] as number) + 1;
    if (nodes[3 * node + 1] === -1) {
      nodes[3 * node + 1] = key;
      nodes[3 * node + 2] = child;
    } else {
      let byNode = this.#more.get(key);
      if (!byNode) {
        byNode = new Map();
        this.#more.set(key, byNode);
      }
      byNode.set(node, child);
    }
    return child;
  }
}
