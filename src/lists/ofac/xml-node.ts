/**
 * @module A small element tree for ONE record of a streamed XML file.
 *
 * The Enhanced XML nests six levels deep inside an entity (names > name > translations > translation
 * > nameParts...), so its reader builds the current entity's elements as a tiny tree, maps it, and
 * drops it before the next entity; the document as a whole is never held (see xml-stream.ts).
 */
import type { XmlVisitor } from './xml-stream.js';

export interface XmlNode {
  name: string;
  attributes: Readonly<Record<string, string>>;
  /** The element's own trimmed text (empty for containers). */
  text: string;
  children: XmlNode[];
}

/** First child element called `name`, if any. */
export function childOf(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return node?.children.find((c) => c.name === name);
}

/** Children called `itemName` of the child called `listName` (e.g. names > name). */
export function itemsOf(node: XmlNode, listName: string, itemName: string): XmlNode[] {
  return childOf(node, listName)?.children.filter((c) => c.name === itemName) ?? [];
}

/** Text of the child called `name`; '' when absent. */
export function textOf(node: XmlNode | undefined, name: string): string {
  return childOf(node, name)?.text ?? '';
}

/**
 * Builds a tree for each element at `depth` whose name is in `recordNames` and hands it to `onRecord`
 * when it closes. Other elements are passed to `onOther` (for header values such as dataAsOf).
 */
export class RecordTreeBuilder implements XmlVisitor {
  private readonly stack: XmlNode[] = [];

  constructor(
    private readonly depth: number,
    private readonly recordNames: ReadonlySet<string>,
    private readonly onRecord: (record: XmlNode) => void,
    private readonly onOther: (path: readonly string[], text: string) => void,
  ) {}

  open(path: readonly string[], attributes: Readonly<Record<string, string>>): void {
    const name = path[path.length - 1];
    if (this.stack.length === 0 && !(path.length === this.depth && this.recordNames.has(name))) return;
    const node: XmlNode = { name, attributes, text: '', children: [] };
    this.stack[this.stack.length - 1]?.children.push(node);
    this.stack.push(node);
  }

  close(path: readonly string[], text: string): void {
    const node = this.stack.pop();
    if (node === undefined) {
      this.onOther(path, text);
      return;
    }
    node.text = text;
    if (this.stack.length === 0) this.onRecord(node);
  }
}
