// Qwen Code's hook selection, transcribed by hand from QwenLM/qwen-code (Apache-2.0):
// packages/core/src/hooks/hook-matcher.ts (matchesHookPattern, commit bb20ba7a),
// hookPlanner.ts (getHookMatcherTarget, matchesContext, getToolMatcherTargets,
// deduplicateHooks) and permissions/rule-parser.ts (TOOL_NAME_ALIASES). It runs under node
// so that its regular expressions are JavaScript's own, not hookc's translation of them.
//
// stdin: [{hooks, event, subjects}]; stdout: for each case, for each subject, the ids
// ("<event>.<group>.<handler>") of the handlers Qwen runs, in order.
import { readFileSync } from 'node:fs';

const NAME_TO_TOOL = {
  exec: 'exec', Exec: 'exec', ExecTool: 'exec',
  run_shell_command: 'run_shell_command', Shell: 'run_shell_command',
  ShellTool: 'run_shell_command', Bash: 'run_shell_command',
  edit: 'edit', Edit: 'edit', EditTool: 'edit', replace: 'edit',
  notebook_edit: 'notebook_edit', NotebookEdit: 'notebook_edit',
  NotebookEditTool: 'notebook_edit',
  write_file: 'write_file', WriteFile: 'write_file', WriteFileTool: 'write_file',
  Write: 'write_file',
  read_file: 'read_file', ReadFile: 'read_file', ReadFileTool: 'read_file', Read: 'read_file',
  zoom_image: 'zoom_image', ZoomImage: 'zoom_image', ZoomImageTool: 'zoom_image',
  grep_search: 'grep_search', Grep: 'grep_search', GrepTool: 'grep_search',
  search_file_content: 'grep_search', SearchFiles: 'grep_search',
  glob: 'glob', Glob: 'glob', GlobTool: 'glob', FindFiles: 'glob',
  list_directory: 'list_directory', ListFiles: 'list_directory',
  ListFilesTool: 'list_directory', ReadFolder: 'list_directory',
  todo_write: 'todo_write', TodoList: 'todo_write', TodoWrite: 'todo_write',
  TodoWriteTool: 'todo_write',
  web_fetch: 'web_fetch', WebFetch: 'web_fetch', WebFetchTool: 'web_fetch',
  web_search: 'web_search', WebSearch: 'web_search', WebSearchTool: 'web_search',
  read_mcp_resource: 'read_mcp_resource', ReadMcpResource: 'read_mcp_resource',
  ReadMcpResourceTool: 'read_mcp_resource',
  agent: 'agent', Agent: 'agent', AgentTool: 'agent', task: 'agent', Task: 'agent',
  TaskTool: 'agent',
  skill: 'skill', Skill: 'skill', SkillTool: 'skill',
  exit_plan_mode: 'exit_plan_mode', ExitPlanMode: 'exit_plan_mode',
  ExitPlanModeTool: 'exit_plan_mode',
  enter_plan_mode: 'enter_plan_mode', EnterPlanMode: 'enter_plan_mode',
  EnterPlanModeTool: 'enter_plan_mode',
  lsp: 'lsp', Lsp: 'lsp', LspTool: 'lsp',
  monitor: 'monitor', Monitor: 'monitor', MonitorTool: 'monitor',
  save_memory: 'save_memory', SaveMemory: 'save_memory', SaveMemoryTool: 'save_memory',
  ask_user_question: 'ask_user_question', AskUserQuestion: 'ask_user_question',
  AskUserQuestionTool: 'ask_user_question',
};

function toolTargets(toolName) {
  const names = [toolName];
  for (const [name, tool] of Object.entries(NAME_TO_TOOL)) {
    if (tool === toolName) names.push(name);
  }
  return [...new Set(names)];
}

function matchesHookPattern(matcher, subject, aliases) {
  const pattern = matcher.trim();
  if (pattern === '' || pattern === '*' || pattern === '.*') return true;
  if ([subject, ...aliases].includes(pattern)) return true;
  if (pattern.includes('|') && !pattern.startsWith('^') && !pattern.startsWith('(')) {
    const alternatives = pattern.split('|').map((entry) => entry.trim());
    const entries = alternatives.filter((entry) => entry !== '');
    if (entries.some((entry) => matchesHookPattern(entry, subject, aliases))) return true;
    if (entries.length !== alternatives.length) return false;
  }
  try {
    return new RegExp(pattern).test(subject);
  } catch {
    return false;
  }
}

const TOOL_EVENTS = ['PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PermissionRequest'];
const VALUE_EVENTS = ['SubagentStart', 'SubagentStop', 'PreCompact', 'PostCompact',
  'SessionStart', 'SessionEnd', 'StopFailure', 'Notification'];

function matchesContext(matcher, event, subject) {
  if (!matcher) return true;
  const tool = TOOL_EVENTS.includes(event);
  if (!tool && !VALUE_EVENTS.includes(event)) return true;
  if (!subject) return true;
  return matchesHookPattern(matcher, subject, tool ? toolTargets(subject) : []);
}

function select(hooks, event, subject) {
  const seen = new Set();
  const chosen = [];
  (hooks[event] ?? []).forEach((group, g) => {
    if (!matchesContext(group.matcher, event, subject)) return;
    group.hooks.forEach((handler, h) => {
      const key = `${handler.name ?? ''}:${handler.command ?? ''}`;
      if (seen.has(key)) return;
      seen.add(key);
      chosen.push(`${event}.${g}.${h}`);
    });
  });
  return chosen;
}

const cases = JSON.parse(readFileSync(0, 'utf8'));
console.log(JSON.stringify(cases.map((c) => c.subjects.map((s) => select(c.hooks, c.event, s)))));
