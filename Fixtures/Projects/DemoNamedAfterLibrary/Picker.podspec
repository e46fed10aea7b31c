Pod::Spec.new do |s|
  s.name = 'Picker'
  s.source_files = "Picker/Core/*.{h,m}"
end
