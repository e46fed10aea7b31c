print("fleetscan")
