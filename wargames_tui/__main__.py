from wargames_tui.cli import main

raise SystemExit(main())
