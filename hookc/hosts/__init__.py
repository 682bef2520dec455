"""The agent hosts whose hook files hookc reads, one package each (being gathered here from
``frontend/formats``, ``profiles``, ``handlers/protocols``)."""
