from interpreter.launch import main

raise SystemExit(main())
