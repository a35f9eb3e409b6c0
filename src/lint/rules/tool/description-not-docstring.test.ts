import { realTool } from '../../testing/real-tools.ts';
import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { descriptionNotDocstring } from './description-not-docstring.ts';

const real = (snapshot: string, name: string) => ({ name: `${snapshot} ${name}`, tools: [realTool(snapshot, name)] });

ruleTable(descriptionNotDocstring, {
  valid: [
    { name: 'prose', tools: [cleanTool()] },
    // Section headings written for the model, once reported as docstrings.
    real('exa-mcp-server@3.4.1', 'web_search_exa'), // "Best for: ... Returns: Clean text content ..."
    real('exa-mcp-server@3.4.1', 'web_fetch_exa'),
    real('brave-search-mcp-server@2.1.4', 'brave_news_search'), // "When to use:" ... "Examples:" of cited answers
    { name: 'a Parameters heading with prose under it', tools: [cleanTool({ description: 'Search notes.\n\nParameters:\nAll filters are optional.' })] },
  ],
  invalid: [
    { name: 'Args/Returns', tools: [cleanTool({ description: 'Search notes.\n\nArgs:\n    query: words\n\nReturns:\n    notes' })], paths: ['$.description'], message: /"Args:"/ },
    { name: 'Args with types', paths: ['$.description'], tools: [cleanTool({ description: 'Search notes.\n\nArgs:\n    query (str): words\n    limit (int): how many' })] },
    { name: 'Raises', paths: ['$.description'], tools: [cleanTool({ description: 'Search notes.\n\nRaises:\n    ValueError: on an empty query' })] },
    { name: '@param', paths: ['$.description'], tools: [cleanTool({ description: 'Search notes. @param query the words' })] },
    { name: ':param x:', paths: ['$.description'], tools: [cleanTool({ description: 'Search notes. :param query: the words' })] },
  ],
});
