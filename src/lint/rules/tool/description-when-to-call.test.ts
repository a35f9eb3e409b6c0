import { realTool } from '../../testing/real-tools.ts';
import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { descriptionWhenToCall } from './description-when-to-call.ts';

const real = (snapshot: string, name: string) => ({ name: `${snapshot} ${name}`, tools: [realTool(snapshot, name)] });

ruleTable(descriptionWhenToCall, {
  valid: [
    { name: 'call when the user', tools: [cleanTool()] },
    { name: 'use this tool when', tools: [cleanTool({ description: 'Reads a file. Use this tool when you need the text of one file.' })] },
    // Phrasings of real servers, each once missed.
    real('brave-search-mcp-server@2.1.4', 'brave_web_search'), // "When to use:" and a list
    real('server-sequential-thinking@2026.8.31', 'sequentialthinking'), // "When to use this tool:"
    real('exa-mcp-server@3.4.1', 'web_search_exa'), // "Best for: Finding current information ..."
    real('firecrawl-mcp@3.26.0', 'firecrawl_agent'), // "Use it to research an entity plus its fields"
    real('mcp-server-kubernetes@4.1.7', 'kubectl_reconnect'), // "Use this after cluster upgrades"
    real('server-filesystem@2026.8.31', 'create_directory'), // "Perfect for setting up directory structures"
    real('server-filesystem@2026.8.31', 'search_files'), // "Great for finding files when you don't know their exact location"
    real('playwright-mcp@0.0.83', 'browser_find'), // "cheaper than capturing the whole snapshot when you only need to locate an element"
    { name: 'Use to ...', tools: [cleanTool({ description: 'Lists open tabs of the browser. Use to find the index of a tab before switching to it.' })] },
    // Shapes of github-mcp-server and Cloudflare descriptions, in our words.
    { name: 'Use this tool with X as well, but only if ...', tools: [cleanTool({ description: 'Add a comment to an issue. Use this tool with pull requests as well, but only if the user is not asking for a review comment.' })] },
    { name: 'Prefer this tool over X when ...', tools: [cleanTool({ description: 'Assign a reviewer bot to an issue. Prefer this tool over assign_bot when available.' })] },
    { name: 'should be used to answer ...', tools: [cleanTool({ description: 'Search the product documentation. This tool should be used to answer any question about the product.' })] },
    { name: 'read this guide before ...', tools: [cleanTool({ description: 'ALWAYS read this guide before moving a static site to the new hosting.' })] },
    { name: 'Ideal for ...', tools: [cleanTool({ description: 'Fetches a page as markdown. Ideal for reading documentation pages the user links to.' })] },
  ],
  invalid: [
    { name: 'only what it does', tools: [cleanTool({ description: 'Returns the sum of two numbers as a number.' })], paths: ['$.description'] },
    { name: 'only an exclusion', tools: [cleanTool({ description: 'Returns the sum of two numbers. Do not use for subtraction.' })], paths: ['$.description'] },
    { name: 'not intended for', tools: [cleanTool({ description: 'Returns the sum of two numbers. Not intended for floating point values.' })], paths: ['$.description'] },
    // "Use with caution" and a pointer to another tool say nothing of when to call this one.
    { ...real('server-filesystem@2026.8.31', 'write_file'), paths: ['$.description'] },
    { ...real('playwright-mcp@0.0.83', 'browser_network_requests'), paths: ['$.description'] },
    { ...real('notion-mcp-server@2.5.2', 'API-post-page'), paths: ['$.description'], message: /when to call/ },
  ],
});
