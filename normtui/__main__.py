from normtui.cli import main

main()
