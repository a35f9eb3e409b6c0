import { describe, expect, it } from 'vitest';
import { realTools } from '../../testing/real-tools.ts';
import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { descriptionExclusions } from './description-exclusions.ts';

const flagged = (snapshot: string, name: string): boolean =>
  descriptionExclusions.check(realTools(snapshot), { settings: {} as never }).some((f) => f.target === name);

ruleTable(descriptionExclusions, {
  valid: [
    { name: 'Do NOT use for', tools: [cleanTool()] },
    { name: 'use X instead', tools: [cleanTool({ description: 'Reads a file. DEPRECATED: use read_text_file instead.' })] },
    { name: 'a sibling named for the other cases', tools: [cleanTool({ description: 'Search notes by words. Call when the user wants to find notes; for one known note, use get_note.' }), cleanTool({ name: 'get_note' })] },
  ],
  invalid: [
    { name: 'no clause', tools: [cleanTool({ description: "Search notes. Call when the user wants to find notes, e.g. 'find notes on reefs'." })], paths: ['$.description'] },
    // A prerequisite routes nothing away.
    { name: 'a sibling to call first', tools: [cleanTool({ description: 'Read one note. Call get_note_id first to find the id.' }), cleanTool({ name: 'get_note_id' })], paths: ['search_notes:$.description'] },
    { name: 'the hint names the nearest sibling by name', paths: ['list_directory:$.description', 'list_directory_with_sizes:$.description', 'read_file:$.description'], tools: [cleanTool({ name: 'list_directory', description: 'List a folder.' }), cleanTool({ name: 'list_directory_with_sizes', description: 'List a folder with sizes.' }), cleanTool({ name: 'read_file', description: 'Read a file.' })], message: /no "Do NOT use for/ },
  ],
});

// Sentences of real servers that route the excluded cases to a sibling, once reported as missing.
describe('description-exclusions on real servers', () => {
  it.each([
    ['playwright-mcp@0.0.83', 'browser_take_screenshot'], // "use browser_snapshot for actions"
    ['playwright-mcp@0.0.83', 'browser_network_requests'], // "Use browser_network_request with the number to get full details"
    ['firecrawl-mcp@3.26.0', 'firecrawl_map'], // "Retrieve one page with `firecrawl_scrape`"
    ['firecrawl-mcp@3.26.0', 'firecrawl_parse'], // "Remote web URLs belong in `firecrawl_scrape`"
    ['brave-search-mcp-server@2.1.4', 'brave_local_search'], // "if the user does not have a Pro plan, use the brave_web_search tool"
  ])('%s %s names its sibling', (snapshot, name) => {
    expect(realTools(snapshot).some((t) => t.name === name)).toBe(true);
    expect(flagged(snapshot, name)).toBe(false);
  });
  it('still reports a description that names no sibling (server-filesystem write_file)', () => {
    expect(flagged('server-filesystem@2026.8.31', 'write_file')).toBe(true);
  });
  it('still reports a sibling named as the source of a value ("Use the number from browser_network_requests")', () => {
    expect(flagged('playwright-mcp@0.0.83', 'browser_network_request')).toBe(true);
  });
});
