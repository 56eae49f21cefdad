"""Ship files, scenarios and saves: (de)serialisation, schemas, migrations. No Qt."""
