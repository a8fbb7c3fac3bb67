from normtui.launch import main

main()
