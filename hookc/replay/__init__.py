"""``hookc replay``: a policy run over recorded agent events, at scale.

``pipelines`` rebuilds hook inputs from what agents record (``agents``: Codex, Gemini CLI,
OpenTelemetry); ``ingest`` writes them once to a canonical Parquet table; ``engines`` runs
the policy (Python, the reference, through ``evaluate``; DuckDB; Spark) through the SQL
back end (``hookc.backend.sql``); ``report`` prints the outcome as text, Markdown or JSON.
DuckDB and pyspark are imported only by the engine that uses them.
"""
