Pod::Spec.new do |s|
  s.name = 'Swipe'
  s.source_files = 'Swipe/*.{h,m}'
end
