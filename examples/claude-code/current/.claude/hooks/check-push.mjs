// PreToolUse guard for `git push`: refuses a push to main. Reads the event's JSON on stdin.
let input = "";
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  const command = JSON.parse(input).tool_input?.command ?? "";
  if (/\bgit push\b.*\b(main|master)\b/.test(command)) {
    console.error("Pushing to main is not allowed from Claude Code: open a pull request.");
    process.exit(2);
  }
});
